import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Starts DynamoDB Local listening on 127.0.0.1 only (issue 8). Its command line has no bind-address option and its
 * Jetty server listens on every interface, so this launcher builds the server from the usual arguments, sets the host
 * of its connectors before it starts, and refuses to start if it cannot. Run by local/services.ts with Java's
 * single-file source launcher (`java -cp DynamoDBLocal.jar DynamoDbLoopback.java -port ...`).
 */
public class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected connector " + connector.getClass().getName());
      }
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1:" + ((ServerConnector) connectors[0]).getPort());
    proxy.join();
  }
}
